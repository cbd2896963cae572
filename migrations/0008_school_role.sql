CREATE TABLE "sso_division_removals" (
	"student_id" uuid NOT NULL,
	"schoolclass_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_division_removals_student_id_schoolclass_id_pk" PRIMARY KEY("student_id","schoolclass_id")
);
--> statement-breakpoint
ALTER TABLE "sso_division_classes" ADD COLUMN "professor_id" uuid;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD COLUMN "subjects" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_tickets" ADD COLUMN "name_id" text;--> statement-breakpoint
ALTER TABLE "sso_tickets" ADD COLUMN "name_id_format" text;--> statement-breakpoint
ALTER TABLE "sso_tickets" ADD COLUMN "session_index" text;--> statement-breakpoint
ALTER TABLE "sso_division_removals" ADD CONSTRAINT "sso_division_removals_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_division_removals" ADD CONSTRAINT "sso_division_removals_schoolclass_id_schoolclasses_id_fk" FOREIGN KEY ("schoolclass_id") REFERENCES "public"."schoolclasses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_division_classes" ADD CONSTRAINT "sso_division_classes_professor_id_professors_id_fk" FOREIGN KEY ("professor_id") REFERENCES "public"."professors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
UPDATE "sso_division_classes" d SET "professor_id" = (SELECT ps."professor_id" FROM "professors_schoolclasses" ps WHERE ps."schoolclass_id" = d."schoolclass_id" ORDER BY ps."professor_id" LIMIT 1);--> statement-breakpoint
DELETE FROM "sso_division_classes" d USING "sso_division_classes" e WHERE d."professor_id" = e."professor_id" AND d."provider" = e."provider" AND d."uai" = e."uai" AND d."division_code" = e."division_code" AND d."created_at" > e."created_at";--> statement-breakpoint
CREATE UNIQUE INDEX "sso_division_classes_teacher_uq" ON "sso_division_classes" USING btree ("professor_id","provider","uai","division_code");