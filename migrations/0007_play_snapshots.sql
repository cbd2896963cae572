CREATE TABLE "homework_opens" (
	"play_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "homework_opens_play_id_student_id_pk" PRIMARY KEY("play_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "raid_plays" DROP CONSTRAINT "raid_plays_raid_id_raids_id_fk";
--> statement-breakpoint
ALTER TABLE "raid_plays" DROP CONSTRAINT "raid_plays_professor_id_professors_id_fk";
--> statement-breakpoint
ALTER TABLE "raid_plays" DROP CONSTRAINT "raid_plays_homework_raid_id_homework_raids_id_fk";
--> statement-breakpoint
ALTER TABLE "student_answers" DROP CONSTRAINT "student_answers_question_id_questions_id_fk";
--> statement-breakpoint
ALTER TABLE "raid_plays" ALTER COLUMN "raid_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "raid_plays" ALTER COLUMN "professor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "raid_plays" ADD COLUMN "raid_title" text;--> statement-breakpoint
ALTER TABLE "raid_plays" ADD COLUMN "questions" jsonb;--> statement-breakpoint
-- Plays recorded before this migration: the raid as it is now is the best snapshot left.
UPDATE "raid_plays" p SET "raid_title" = r."title", "questions" = coalesce((
  SELECT jsonb_agg(jsonb_build_object('questionId', q."id", 'text', q."text", 'equationMode', q."equation_mode",
    'answers', coalesce((SELECT jsonb_agg(jsonb_build_object('answerId', a."id", 'text', a."text", 'isCorrect', a."is_correct")
      ORDER BY a."position") FROM "answers" a WHERE a."question_id" = q."id"), '[]'::jsonb)) ORDER BY q."position")
  FROM "questions" q WHERE q."raid_id" = p."raid_id"), '[]'::jsonb)
FROM "raids" r WHERE r."id" = p."raid_id";--> statement-breakpoint
ALTER TABLE "raid_plays" ALTER COLUMN "raid_title" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "raid_plays" ALTER COLUMN "questions" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "homework_opens" ADD CONSTRAINT "homework_opens_play_id_raid_plays_id_fk" FOREIGN KEY ("play_id") REFERENCES "public"."raid_plays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_opens" ADD CONSTRAINT "homework_opens_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raid_plays" ADD CONSTRAINT "raid_plays_raid_id_raids_id_fk" FOREIGN KEY ("raid_id") REFERENCES "public"."raids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raid_plays" ADD CONSTRAINT "raid_plays_professor_id_professors_id_fk" FOREIGN KEY ("professor_id") REFERENCES "public"."professors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raid_plays" ADD CONSTRAINT "raid_plays_homework_raid_id_homework_raids_id_fk" FOREIGN KEY ("homework_raid_id") REFERENCES "public"."homework_raids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_events_student_type_idx" ON "game_events" USING btree ("student_id","type","created_at");