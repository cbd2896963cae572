import { DocumentPage } from './DocumentPage';

export default function TermsPage() {
  return <DocumentPage id="TERMS" />;
}
