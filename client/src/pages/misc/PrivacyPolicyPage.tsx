import { DocumentPage } from './DocumentPage';
import { OperatorDetails } from './OperatorDetails';

export default function PrivacyPolicyPage() {
  return <DocumentPage id="PRIVACY" aside={<OperatorDetails fields={['controller', 'dpoContact']} />} />;
}
