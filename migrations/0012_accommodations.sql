CREATE TABLE "student_accommodations" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"extra_time" text DEFAULT 'none' NOT NULL,
	"read_aloud" boolean DEFAULT false NOT NULL,
	"reading_friendly" boolean DEFAULT false NOT NULL,
	"fewer_animations" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_accommodations_extra_time_ck" CHECK ("student_accommodations"."extra_time" in ('none', 'third', 'half', 'double'))
);
--> statement-breakpoint
ALTER TABLE "student_accommodations" ADD CONSTRAINT "student_accommodations_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;