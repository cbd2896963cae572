import { DocumentPage } from './DocumentPage';

export default function LegalNoticePage() {
  return <DocumentPage id="LEGAL" />;
}
