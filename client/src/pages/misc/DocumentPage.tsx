// A readable text page (legal notice, privacy policy, terms, guides) whose sections live in the
// locale files under DOCS.<id>: a title, an introduction and sections of paragraphs and lists.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './misc.css';

export interface DocSection {
  title: string;
  body?: string[];
  list?: string[];
}

export function useDocSections(key: string): DocSection[] {
  const { t } = useTranslation();
  const v = t(key, { returnObjects: true }) as unknown;
  return Array.isArray(v) ? (v as DocSection[]) : [];
}

export function DocSections({ sections }: { sections: DocSection[] }) {
  return (
    <>
      {sections.map((s) => (
        <section key={s.title} className="doc__section">
          <h2>{s.title}</h2>
          {s.body?.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {s.list ? (
            <ul>
              {s.list.map((li) => (
                <li key={li}>{li}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </>
  );
}

export function DocumentPage({
  id,
  children,
  aside,
}: {
  id: string;
  children?: ReactNode;
  aside?: ReactNode;
}) {
  const { t } = useTranslation();
  const sections = useDocSections(`DOCS.${id}.SECTIONS`);
  return (
    <article className="doc card" data-testid={`doc-${id.toLowerCase()}`}>
      <header className="doc__header">
        <h1>{t(`DOCS.${id}.TITLE`)}</h1>
        <p className="doc__intro">{t(`DOCS.${id}.INTRO`)}</p>
        {aside}
      </header>
      <DocSections sections={sections} />
      {children}
    </article>
  );
}
