ALTER TABLE "homework_answers" ADD COLUMN "value" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "kind" text DEFAULT 'choice' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "settings" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "explanation" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "explanation_image_path" text;--> statement-breakpoint
ALTER TABLE "student_answers" ADD COLUMN "value" text;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_kind_ck" CHECK ("questions"."kind" in ('choice', 'number', 'text', 'order', 'poll'));