import { GuidePage } from './GuidePage';

export default function ProfessorGuidePage() {
  return <GuidePage audience="PROFESSOR" />;
}
