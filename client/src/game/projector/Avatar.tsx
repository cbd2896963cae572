// A student's avatar in the DOM (groups, results, the raid's spotlight): the image, or the initials.
import type { RosterEntry } from '../../../../shared/game/contract';

export const studentLabel = (s: Pick<RosterEntry, 'firstName' | 'lastInitial'>) =>
  s.lastInitial ? `${s.firstName} ${s.lastInitial}.` : s.firstName;

export function AvatarImage({ student, size }: { student: RosterEntry; size: number }) {
  return student.avatarImage ? (
    <img className="proj-avatar" src={student.avatarImage} alt="" width={size} height={size} />
  ) : (
    <span
      className="proj-avatar proj-avatar--initials"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {student.firstName.slice(0, 1)}
      {student.lastInitial}
    </span>
  );
}
