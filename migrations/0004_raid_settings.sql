CREATE TABLE "raid_settings" (
	"professor_id" uuid NOT NULL,
	"schoolclass_id" uuid NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "raid_settings_professor_id_schoolclass_id_pk" PRIMARY KEY("professor_id","schoolclass_id")
);
--> statement-breakpoint
ALTER TABLE "raid_settings" ADD CONSTRAINT "raid_settings_professor_id_professors_id_fk" FOREIGN KEY ("professor_id") REFERENCES "public"."professors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "raid_settings" ADD CONSTRAINT "raid_settings_schoolclass_id_schoolclasses_id_fk" FOREIGN KEY ("schoolclass_id") REFERENCES "public"."schoolclasses"("id") ON DELETE cascade ON UPDATE no action;