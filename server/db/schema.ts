// Drizzle schema: every entity of SPEC point 3 and what the flows need. UUID ids everywhere.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  NumberSettings,
  PollSettings,
  QuestionKind,
  TextSettings,
} from '../../shared/questions/kinds.js';
import type { PlayQuestionSnapshot } from '../../shared/schemas/analytics.js';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ['PROFESSOR', 'STUDENT', 'SCHOOL']);
export const userStatusEnum = pgEnum('user_status', [
  'PENDING_EMAIL',
  'PENDING_APPROVAL',
  'ACTIVE',
  'REJECTED',
  'DISABLED',
]);
export const planetEnum = pgEnum('planet', ['nebula', 'xaih', 'preia', 'nefer']);
export const subjectGroupEnum = pgEnum('subject_group', [
  'MAIN',
  'MODERN_LANGUAGES',
  'ANCIENT_LANGUAGES',
  'OTHER',
]);
export const emailTokenPurposeEnum = pgEnum('email_token_purpose', ['ACTIVATION', 'RESET_PASSWORD']);
export const avatarUserTypeEnum = pgEnum('avatar_user_type', ['student', 'professor']);

export const avatars = pgTable(
  'avatars',
  {
    id: id(),
    key: text('key').notNull(),
    baseAvatarId: uuid('base_avatar_id'),
    planet: planetEnum('planet').notNull(),
    avatarType: text('avatar_type').notNull(),
    race: text('race').notNull(),
    avatarClass: text('avatar_class').notNull(),
    gender: text('gender').$type<'female' | 'male'>().notNull(),
    skinId: text('skin_id'),
    userType: avatarUserTypeEnum('user_type').notNull(),
    starter: boolean('starter').notNull().default(false),
  },
  (t) => [uniqueIndex('avatars_key_user_type_uq').on(t.key, t.userType)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    role: roleEnum('role').notNull(),
    username: text('username').notNull(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    /** A 12-bit keyed verifier of the password (server/lib/password-check.ts); null until written. */
    passwordCheck: text('password_check'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    status: userStatusEnum('status').notNull().default('ACTIVE'),
    isGar: boolean('is_gar').notNull().default(false),
    uai: text('uai'),
    isAdmin: boolean('is_admin').notNull().default(false),
    avatarId: uuid('avatar_id').references(() => avatars.id, { onDelete: 'set null' }),
    language: text('language').notNull().default('fr'),
    lastChangelogViewedAt: timestamp('last_changelog_viewed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_uq').on(sql`lower(${t.email})`),
  ],
);

export const subjects = pgTable('subjects', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  group: subjectGroupEnum('group').notNull(),
  position: smallint('position').notNull(),
});

export const professors = pgTable('professors', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  civility: text('civility'),
  phone: text('phone'),
  city: text('city'),
  department: text('department'),
  school: text('school'),
  powerMode: boolean('power_mode').notNull().default(true),
  shareRaids: boolean('share_raids').notNull().default(false),
  entApproved: boolean('ent_approved').notNull().default(false),
});

export const professorSubjects = pgTable(
  'professor_subjects',
  {
    professorId: uuid('professor_id')
      .notNull()
      .references(() => professors.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
  },
  (t) => [primaryKey({ columns: [t.professorId, t.subjectId] })],
);

export const students = pgTable(
  'students',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    coin: integer('coin').notNull().default(0),
    xp: integer('xp').notNull().default(0),
    level: integer('level').notNull().default(1),
    levelProgression: integer('level_progression').notNull().default(0),
    powerXp: integer('power_xp').notNull().default(0),
    /** AES-256-GCM of the password a teacher generated; null once the student set their own. */
    generatedPasswordEnc: text('generated_password_enc'),
    passwordChangedByStudent: boolean('password_changed_by_student').notNull().default(false),
  },
  // A backstop under the services (row lock and `coin >= price`, XP floored at 0, SPEC point 4):
  // balances and progress never go below zero, the level never below 1.
  (t) => [
    check('students_coin_ck', sql`${t.coin} >= 0`),
    check('students_xp_ck', sql`${t.xp} >= 0`),
    check('students_level_ck', sql`${t.level} >= 1`),
    check('students_level_progression_ck', sql`${t.levelProgression} >= 0`),
    check('students_power_xp_ck', sql`${t.powerXp} >= 0`),
  ],
);

export const schoolclasses = pgTable(
  'schoolclasses',
  {
    id: id(),
    name: text('name').notNull(),
    level: smallint('level').notNull(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    planet: planetEnum('planet').notNull(),
    /** The class's one registration code; unique among classes. An expired code is cleared before reuse. */
    code: text('code'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('schoolclasses_code_uq').on(t.code)],
);

export const professorsSchoolclasses = pgTable(
  'professors_schoolclasses',
  {
    id: id(),
    professorId: uuid('professor_id')
      .notNull()
      .references(() => professors.id, { onDelete: 'cascade' }),
    schoolclassId: uuid('schoolclass_id')
      .notNull()
      .references(() => schoolclasses.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('professors_schoolclasses_uq').on(t.professorId, t.schoolclassId, t.subjectId),
    index('professors_schoolclasses_class_idx').on(t.schoolclassId),
  ],
);

export const studentsSchoolclasses = pgTable(
  'students_schoolclasses',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    schoolclassId: uuid('schoolclass_id')
      .notNull()
      .references(() => schoolclasses.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.schoolclassId] }),
    index('students_schoolclasses_class_idx').on(t.schoolclassId),
  ],
);

export const chapters = pgTable(
  'chapters',
  {
    id: id(),
    professorId: uuid('professor_id')
      .notNull()
      .references(() => professors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    level: smallint('level').notNull(),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('chapters_professor_name_uq').on(t.professorId, sql`lower(${t.name})`)],
);

export const raids = pgTable(
  'raids',
  {
    id: id(),
    professorId: uuid('professor_id')
      .notNull()
      .references(() => professors.id, { onDelete: 'cascade' }),
    chapterId: uuid('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    isHomework: boolean('is_homework').notNull().default(false),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('raids_professor_title_uq').on(t.professorId, sql`lower(${t.title})`),
    index('raids_chapter_idx').on(t.chapterId),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: id(),
    raidId: uuid('raid_id')
      .notNull()
      .references(() => raids.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    text: text('text').notNull(),
    imagePath: text('image_path'),
    equationMode: boolean('equation_mode').notNull().default(false),
    /** What kind of question (issue 23, shared/questions/kinds.ts); older rows are choices. */
    kind: text('kind').$type<QuestionKind>().notNull().default('choice'),
    /** The kind's settings (number, text, poll); null for choices and orders. */
    settings: jsonb('settings').$type<NumberSettings | TextSettings | PollSettings>(),
    /** Shown after the reveal (formulas between $$..$$); null: none. */
    explanation: text('explanation'),
    explanationImagePath: text('explanation_image_path'),
  },
  (t) => [
    uniqueIndex('questions_raid_text_uq').on(t.raidId, sql`lower(${t.text})`),
    check('questions_kind_ck', sql`${t.kind} in ('choice', 'number', 'text', 'order', 'poll')`),
  ],
);

export const answers = pgTable(
  'answers',
  {
    id: id(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    text: text('text').notNull(),
    isCorrect: boolean('is_correct').notNull().default(false),
  },
  (t) => [index('answers_question_idx').on(t.questionId)],
);

export const homeworkRaids = pgTable(
  'homework_raids',
  {
    id: id(),
    name: text('name').notNull(),
    raidId: uuid('raid_id')
      .notNull()
      .references(() => raids.id, { onDelete: 'cascade' }),
    schoolclassId: uuid('schoolclass_id')
      .notNull()
      .references(() => schoolclasses.id, { onDelete: 'cascade' }),
    professorId: uuid('professor_id')
      .notNull()
      .references(() => professors.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    isOnGoing: boolean('is_on_going').notNull().default(true),
    createdAt: createdAt(),
    /** First day it can be played (Paris date, YYYY-MM-DD); null: at once (issue 21). */
    startsOn: date('starts_on', { mode: 'string' }),
    /** Last day it is on time (Paris date); null: no due date. Late work is marked, not refused. */
    dueOn: date('due_on', { mode: 'string' }),
    /** How many times a student may play it (1..5); the best try is kept. */
    maxTries: smallint('max_tries').notNull().default(1),
    /** Questions with several right answers: 'all' (all-or-nothing) or 'partial' credit. */
    multiScoring: text('multi_scoring').notNull().default('all'),
  },
  (t) => [index('homework_raids_class_idx').on(t.schoolclassId)],
);

export const homeworkCompletions = pgTable(
  'homework_completions',
  {
    id: id(),
    homeworkRaidId: uuid('homework_raid_id')
      .notNull()
      .references(() => homeworkRaids.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The best try's score: right answers, with partial credit their sum of credits. */
    score: real('score').notNull(),
    total: integer('total').notNull(),
    /** XP of every try together (a later try pays only what it adds to the best). */
    xpGained: integer('xp_gained').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Tries finished (issue 21). */
    tries: smallint('tries').notNull().default(1),
    /** A new try is under way: its answers replace the last try's, its score counts if better. */
    retrying: boolean('retrying').notNull().default(false),
    /** The best try was finished after the due date (Paris time). */
    late: boolean('late').notNull().default(false),
    /** When the best try was finished. */
    bestAt: timestamp('best_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('homework_completions_uq').on(t.homeworkRaidId, t.studentId)],
);

/** One answer a student gave while practising a homework raid: a reload resumes, a second answer is refused. */
export const homeworkAnswers = pgTable(
  'homework_answers',
  {
    id: id(),
    homeworkRaidId: uuid('homework_raid_id')
      .notNull()
      .references(() => homeworkRaids.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    answerIds: jsonb('answer_ids').$type<string[]>().notNull(),
    /** What the pupil typed (number, text, typed poll), trimmed; null for choices and orders. */
    value: text('value'),
    correct: boolean('correct').notNull(),
    answeredAt: createdAt(),
  },
  (t) => [uniqueIndex('homework_answers_uq').on(t.homeworkRaidId, t.studentId, t.questionId)],
);

/** Codex status: 0 PENDING, 1 APPROVED, 2 REJECTED, 3 DISPLAYED, 4 DELETED (SPEC point 4). */
export const codex = pgTable(
  'codex',
  {
    id: id(),
    text: text('text').notNull(),
    status: smallint('status').notNull().default(0),
    flagged: boolean('flagged').notNull().default(false),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    professorId: uuid('professor_id')
      .notNull()
      .references(() => professors.id, { onDelete: 'cascade' }),
    schoolclassId: uuid('schoolclass_id')
      .notNull()
      .references(() => schoolclasses.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('codex_student_professor_text_uq').on(t.studentId, t.professorId, sql`lower(${t.text})`),
    index('codex_professor_status_idx').on(t.professorId, t.status),
  ],
);

export const usersAvatars = pgTable(
  'users_avatars',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    avatarId: uuid('avatar_id')
      .notNull()
      .references(() => avatars.id, { onDelete: 'cascade' }),
    isNew: boolean('is_new').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.avatarId] })],
);

/** An unlock offer: one or two candidate avatars; the student keeps one. */
export const studentAvatarUnlocks = pgTable(
  'student_avatar_unlocks',
  {
    id: id(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    avatarId1: uuid('avatar_id_1')
      .notNull()
      .references(() => avatars.id),
    avatarId2: uuid('avatar_id_2').references(() => avatars.id),
    isUnlocked: boolean('is_unlocked').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('student_avatar_unlocks_student_idx').on(t.studentId)],
);

export const sessionLogs = pgTable(
  'session_logs',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('session_logs_user_idx').on(t.userId, t.createdAt)],
);

export const tickets = pgTable('tickets', {
  id: id(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  summary: text('summary').notNull(),
  description: text('description').notNull(),
  screenshotPath: text('screenshot_path'),
  fromRouteName: text('from_route_name'),
  fromRoutePath: text('from_route_path'),
  createdAt: createdAt(),
});

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurposeEnum('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Analytics: connections, summons, codex displays, raids created and started, raid results. */
export const gameEvents = pgTable(
  'game_events',
  {
    id: id(),
    type: text('type').notNull(),
    professorId: uuid('professor_id').references(() => professors.id, { onDelete: 'cascade' }),
    schoolclassId: uuid('schoolclass_id').references(() => schoolclasses.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id').references(() => subjects.id),
    studentId: uuid('student_id').references(() => students.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('game_events_professor_type_idx').on(t.professorId, t.type, t.createdAt),
    // A student's own stats read their XP events by date (GET /analytics/me).
    index('game_events_student_type_idx').on(t.studentId, t.type, t.createdAt),
  ],
);

/** A live room the teacher paused: kept here so it resumes at the next lesson, even after a restart. */
export const pausedRooms = pgTable('paused_rooms', {
  roomId: text('room_id').primaryKey(),
  professorId: uuid('professor_id')
    .notNull()
    .references(() => professors.id, { onDelete: 'cascade' }),
  schoolclassId: uuid('schoolclass_id')
    .notNull()
    .references(() => schoolclasses.id, { onDelete: 'cascade' }),
  /** The room record (RoomRecord) and the answers already given to the open question. */
  record: jsonb('record').notNull(),
  answers: jsonb('answers').notNull().default({}),
  pausedAt: timestamp('paused_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How a teacher last chose to play raids with a class (RaidSettings), offered again next time. */
export const raidSettings = pgTable(
  'raid_settings',
  {
    professorId: uuid('professor_id')
      .notNull()
      .references(() => professors.id, { onDelete: 'cascade' }),
    schoolclassId: uuid('schoolclass_id')
      .notNull()
      .references(() => schoolclasses.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.professorId, t.schoolclassId] })],
);

/**
 * School sign-on (issue 14): who a GAR or ENT account is. The provider's opaque subject id (the GAR's
 * IDO, an ENT's CAS user) is the stable key; nothing else identifies a pupil. The school (UAI), the
 * divisions and groups are refreshed at every sign-in for the class step.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: id(),
    /** 'gar' or 'ent:{id}'. */
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uai: text('uai'),
    /** The provider's profile (PRO), e.g. National_elv. */
    profile: text('profile'),
    divisions: jsonb('divisions').$type<{ code: string; name: string }[]>().notNull().default([]),
    groups: jsonb('groups').$type<{ code: string; name: string }[]>().notNull().default([]),
    /** A teacher's subjects as the provider sent them (GAR: P_MAT), to prefill gar-signup. */
    subjects: jsonb('subjects').$type<{ code: string; name: string }[]>().notNull().default([]),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sso_identities_subject_uq').on(t.provider, t.subject),
    index('sso_identities_user_idx').on(t.userId),
  ],
);

/** The one-time ticket of the spec: after a school sign-on, exchanged once within 60 s for a session. */
export const ssoTickets = pgTable('sso_tickets', {
  id: id(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Where the sign-on came from, so that logout can end the SSO session too. */
  provider: text('provider').notNull(),
  /** The refresh-token family the exchange opened: GET /api/gar/logout?ticket=… revokes it. */
  familyId: uuid('family_id'),
  /** The GAR's SAML NameID (and its format) and SessionIndex: the single logout request names them. */
  nameId: text('name_id'),
  nameIdFormat: text('name_id_format'),
  sessionIndex: text('session_index'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * GAR assertion ids already accepted, until the assertion could no longer be valid anyway: a response
 * accepted once is refused again, across a restart, when there is no Redis (with Redis, `SET NX`).
 * Rows past their expiry are pruned as new ones come.
 */
export const ssoAssertionsSeen = pgTable(
  'sso_assertions_seen',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_assertions_seen_expires_idx').on(t.expiresAt)],
);

/** A class a school sign-on teacher created from one of the school's divisions: its pupils join it by themselves. */
export const ssoDivisionClasses = pgTable(
  'sso_division_classes',
  {
    id: id(),
    provider: text('provider').notNull(),
    uai: text('uai').notNull(),
    divisionCode: text('division_code').notNull(),
    schoolclassId: uuid('schoolclass_id')
      .notNull()
      .unique()
      .references(() => schoolclasses.id, { onDelete: 'cascade' }),
    /** The teacher who created it: one class per teacher and division (a double click makes one). */
    professorId: uuid('professor_id').references(() => professors.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sso_division_classes_division_idx').on(t.provider, t.uai, t.divisionCode),
    uniqueIndex('sso_division_classes_teacher_uq').on(t.professorId, t.provider, t.uai, t.divisionCode),
  ],
);

/** A pupil a teacher removed from a division's class: their next sign-in does not put them back. */
export const ssoDivisionRemovals = pgTable(
  'sso_division_removals',
  {
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    schoolclassId: uuid('schoolclass_id')
      .notNull()
      .references(() => schoolclasses.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.schoolclassId] })],
);

/**
 * One play of a raid (issue 13): a live raid started in a room, or a homework sent to a class (then
 * its id is the homework's id). Raid reports and the class tables read from here. A play keeps
 * what was asked (`questions`, `raidTitle`): editing or deleting the raid, a question or the
 * homework leaves its report as it was; deleting the class (its last teacher leaving) deletes it.
 */
export const raidPlays = pgTable(
  'raid_plays',
  {
    id: uuid('id').primaryKey(),
    /** Null once the raid is deleted: the play and its report stay. */
    raidId: uuid('raid_id').references(() => raids.id, { onDelete: 'set null' }),
    /** Null once the teacher's account is gone: the class's other teachers keep the report. */
    professorId: uuid('professor_id').references(() => professors.id, { onDelete: 'set null' }),
    schoolclassId: uuid('schoolclass_id')
      .notNull()
      .references(() => schoolclasses.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
    kind: text('kind').$type<'live' | 'homework'>().notNull(),
    homeworkRaidId: uuid('homework_raid_id').references(() => homeworkRaids.id, { onDelete: 'set null' }),
    /** The raid's title when the play started. */
    raidTitle: text('raid_title').notNull(),
    /** What was asked, in the order asked (shared/schemas/analytics.ts PlayQuestionSnapshot). */
    questions: jsonb('questions').$type<PlayQuestionSnapshot[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Live: VICTORY or DEFEAT once ended. */
    result: text('result').$type<'VICTORY' | 'DEFEAT'>(),
  },
  (t) => [
    check('raid_plays_kind_ck', sql`${t.kind} in ('live', 'homework')`),
    index('raid_plays_class_idx').on(t.schoolclassId, t.subjectId, t.startedAt),
    index('raid_plays_professor_idx').on(t.professorId, t.startedAt),
  ],
);

/**
 * Every answer of a live raid or a homework (issue 13). Live answers arrive in batches (one
 * multi-row insert per flush, never one write per answer); a student's deletion deletes them.
 */
export const studentAnswers = pgTable(
  'student_answers',
  {
    playId: uuid('play_id')
      .notNull()
      .references(() => raidPlays.id, { onDelete: 'cascade' }),
    /** A question of the play's snapshot: no foreign key, the answer outlives the question's deletion. */
    questionId: uuid('question_id').notNull(),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    answerIds: uuid('answer_ids').array().notNull(),
    /** What the pupil typed (number, text, typed poll), trimmed; null for choices and orders. */
    value: text('value'),
    correct: boolean('correct').notNull(),
    /** Time from the question's opening (live) or the previous answer (homework) to this answer. */
    timeMs: integer('time_ms'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.playId, t.questionId, t.studentId] }),
    // Index-only scans (docs/performance.md): a class's student table and the plays list read
    // (student, right or wrong) by play; the student's own stats read by student and date.
    index('student_answers_play_cover_idx').on(t.playId, t.studentId, t.correct),
    index('student_answers_student_idx').on(t.studentId, t.answeredAt, t.playId, t.correct),
  ],
);

/**
 * When a student last opened a homework (issue 13): the first question's time to answer is
 * measured from it, the next ones from the previous answer.
 */
export const homeworkOpens = pgTable(
  'homework_opens',
  {
    playId: uuid('play_id')
      .notNull()
      .references(() => raidPlays.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playId, t.studentId] })],
);

/**
 * A pupil's accommodations (issue 24): which ones, never why (no plan type, no diagnosis). Set by a
 * teacher of the pupil's class; read-aloud, the reading-friendly display and fewer animations also by
 * the pupil in Options (extra time only by a teacher). Never sent to the board or to other pupils.
 * No row: none. Deleted with the pupil; exported with the pupil's data.
 */
export const studentAccommodations = pgTable(
  'student_accommodations',
  {
    studentId: uuid('student_id')
      .primaryKey()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** none | third | half | double (shared/game/extra-time.ts). */
    extraTime: text('extra_time').notNull().default('none'),
    readAloud: boolean('read_aloud').notNull().default(false),
    readingFriendly: boolean('reading_friendly').notNull().default(false),
    fewerAnimations: boolean('fewer_animations').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('student_accommodations_extra_time_ck', sql`${t.extraTime} in ('none', 'third', 'half', 'double')`),
  ],
);
