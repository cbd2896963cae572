CREATE TABLE "paused_rooms" (
	"room_id" text PRIMARY KEY NOT NULL,
	"professor_id" uuid NOT NULL,
	"schoolclass_id" uuid NOT NULL,
	"record" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"paused_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "paused_rooms" ADD CONSTRAINT "paused_rooms_professor_id_professors_id_fk" FOREIGN KEY ("professor_id") REFERENCES "public"."professors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paused_rooms" ADD CONSTRAINT "paused_rooms_schoolclass_id_schoolclasses_id_fk" FOREIGN KEY ("schoolclass_id") REFERENCES "public"."schoolclasses"("id") ON DELETE cascade ON UPDATE no action;