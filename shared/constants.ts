// Business constants of SPEC point 9. One place, used by the server and the client.
export const CLASS_CODE_VALIDITY_DAYS = 31;
export const CLASS_CODE_LENGTH = 6;
/** A class code as typed: exactly CLASS_CODE_LENGTH digits. */
export const CLASS_CODE_RE = new RegExp(`^\\d{${CLASS_CODE_LENGTH}}$`);
export const CLASS_NAME_MAX = 50;
export const CHAPTER_NAME_MAX = 50;
export const RAID_TITLE_MAX = 75;
export const QUESTION_MAX = 200;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const NAME_MIN = 2;
export const PASSWORD_MIN = 8;
export const ANSWERS_MIN = 2;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const SCREENSHOT_MAX_BYTES = 20 * 1024 * 1024;
/** The spec keeps the codex maximum as a named constant whose value it does not show; see docs/decisions.md. */
export const CODEX_MAX_LENGTH = 150;
export const SESSION_ACTIVE_MS = 30 * 60 * 1000;
export const ACTIVITY_THROTTLE_MS = 1000;
export const FEEDBACK_DISPLAY_MS = 4000;
export const ACTIVE_POWERS_TTL_MS = 2 * 60 * 60 * 1000;
export const LEVEL_PROGRESSION_THRESHOLD = 100;
export const GAME_FONT_SIZE_MIN_REM = 1.25;
export const GAME_FONT_SIZE_MAX_REM = 3.5;
export const GAME_FONT_SIZE_DEFAULT_REM = 1.25;
export const BREAKPOINT_SMALL = 480;
export const BREAKPOINT_MEDIUM = 600;
export const TOOLTIP_OFFSET_PX = 8;
export const LANGUAGES = ['fr', 'en', 'co', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'fr';
export const ROLES = ['PROFESSOR', 'STUDENT', 'SCHOOL'] as const;
export type Role = (typeof ROLES)[number];
export const USER_STATUSES = ['PENDING_EMAIL', 'PENDING_APPROVAL', 'ACTIVE', 'REJECTED', 'DISABLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Class levels: 6e to Terminale (0), and -1 for a mixed class. */
export const CLASS_LEVELS = [6, 5, 4, 3, 2, 1, 0, -1] as const;
export type ClassLevel = (typeof CLASS_LEVELS)[number];
