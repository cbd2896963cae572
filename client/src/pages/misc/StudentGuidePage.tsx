import { GuidePage } from './GuidePage';

export default function StudentGuidePage() {
  return <GuidePage audience="STUDENT" />;
}
