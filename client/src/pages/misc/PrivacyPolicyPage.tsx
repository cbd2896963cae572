import { DocumentPage } from './DocumentPage';

export default function PrivacyPolicyPage() {
  return <DocumentPage id="PRIVACY" />;
}
