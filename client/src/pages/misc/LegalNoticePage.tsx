import { DocumentPage } from './DocumentPage';
import { OperatorDetails } from './OperatorDetails';

export default function LegalNoticePage() {
  return <DocumentPage id="LEGAL" aside={<OperatorDetails />} />;
}
