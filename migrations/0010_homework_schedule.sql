ALTER TABLE "homework_completions" ALTER COLUMN "score" SET DATA TYPE real;--> statement-breakpoint
ALTER TABLE "homework_completions" ADD COLUMN "tries" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "homework_completions" ADD COLUMN "retrying" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "homework_completions" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "homework_completions" ADD COLUMN "best_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "homework_raids" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "homework_raids" ADD COLUMN "due_on" date;--> statement-breakpoint
ALTER TABLE "homework_raids" ADD COLUMN "max_tries" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "homework_raids" ADD COLUMN "multi_scoring" text DEFAULT 'all' NOT NULL;