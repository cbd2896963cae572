// /register/professor/avatar: a teacher chooses a character at first sign-in (/gar-signup), not
// before the account exists, so this public route only leads to the login page (docs/decisions.md).
import { Navigate } from 'react-router';

export default function ProfessorAvatarInfoPage() {
  return <Navigate to="/login" replace />;
}
