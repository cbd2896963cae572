// A readable text page (legal notice, privacy policy, terms, guides) whose sections live in the
// locale files under DOCS.<id>: a title, an introduction and sections of paragraphs and lists.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './misc.css';

export interface DocSection {
  title: string;
  body?: string[];
  list?: string[];
  /** A screenshot of the screen the section speaks of: assets/guide/<shot>.webp (scripts/guide-shots.ts). */
  shot?: string;
  /** What the screenshot shows, for readers who do not see it. */
  alt?: string;
}

/** The sizes scripts/guide-shots.ts writes: teacher screens shrunk from 1280x800, phones as they are. */
const SHOT_SIZE = { prof: { width: 800, height: 500 }, student: { width: 360, height: 740 } };

function Shot({ name, alt }: { name: string; alt: string }) {
  const size = name.startsWith('student-') ? SHOT_SIZE.student : SHOT_SIZE.prof;
  return (
    <figure className={`doc__shot doc__shot--${name.startsWith('student-') ? 'phone' : 'wide'}`}>
      <img src={`/assets/guide/${name}.webp`} alt={alt} loading="lazy" decoding="async" {...size} />
    </figure>
  );
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
          {s.shot ? <Shot name={s.shot} alt={s.alt ?? ''} /> : null}
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
