// User guides (professor, student). School sign-on (GAR) accounts read their own way of signing in.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../app/session';
import { DocSections, DocumentPage, useDocSections } from './DocumentPage';

export function GuidePage({ audience }: { audience: 'PROFESSOR' | 'STUDENT' }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const id = `GUIDE_${audience}`;
  const accountSections = useDocSections(`DOCS.${id}.${user?.isGar ? 'GAR' : 'NON_GAR'}`);
  const other = audience === 'PROFESSOR' ? '/guide/student' : '/guide/professor';
  return (
    <DocumentPage
      id={id}
      aside={
        <p className="doc__switch">
          <Link to={other}>
            {t(audience === 'PROFESSOR' ? 'DOCS.SEE_STUDENT_GUIDE' : 'DOCS.SEE_PROFESSOR_GUIDE')}
          </Link>
        </p>
      }
    >
      <DocSections sections={accountSections} />
    </DocumentPage>
  );
}
