CREATE TABLE "raid_plays" (
	"id" uuid PRIMARY KEY NOT NULL,
	"raid_id" uuid NOT NULL,
	"professor_id" uuid NOT NULL,
	"schoolclass_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"homework_raid_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"result" text,
	CONSTRAINT "raid_plays_kind_ck" CHECK ("raid_plays"."kind" in ('live', 'homework'))
);
--> statement-breakpoint
CREATE TABLE "student_answers" (
	"play_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"answer_ids" uuid[] NOT NULL,
	"correct" boolean NOT NULL,
	"time_ms" integer,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_answers_play_id_question_id_student_id_pk" PRIMARY KEY("play_id","question_id","student_id")
);
--> statement-breakpoint
ALTER TABLE "raid_plays" ADD CONSTRAINT "raid_plays_raid_id_raids_id_fk" FOREIGN KEY ("raid_id") REFERENCES "public"."raids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raid_plays" ADD CONSTRAINT "raid_plays_professor_id_professors_id_fk" FOREIGN KEY ("professor_id") REFERENCES "public"."professors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raid_plays" ADD CONSTRAINT "raid_plays_schoolclass_id_schoolclasses_id_fk" FOREIGN KEY ("schoolclass_id") REFERENCES "public"."schoolclasses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raid_plays" ADD CONSTRAINT "raid_plays_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raid_plays" ADD CONSTRAINT "raid_plays_homework_raid_id_homework_raids_id_fk" FOREIGN KEY ("homework_raid_id") REFERENCES "public"."homework_raids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_answers" ADD CONSTRAINT "student_answers_play_id_raid_plays_id_fk" FOREIGN KEY ("play_id") REFERENCES "public"."raid_plays"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_answers" ADD CONSTRAINT "student_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_answers" ADD CONSTRAINT "student_answers_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "raid_plays_class_idx" ON "raid_plays" USING btree ("schoolclass_id","subject_id","started_at");--> statement-breakpoint
CREATE INDEX "raid_plays_professor_idx" ON "raid_plays" USING btree ("professor_id","started_at");--> statement-breakpoint
CREATE INDEX "student_answers_play_cover_idx" ON "student_answers" USING btree ("play_id","student_id","correct");--> statement-breakpoint
CREATE INDEX "student_answers_student_idx" ON "student_answers" USING btree ("student_id","answered_at","play_id","correct");