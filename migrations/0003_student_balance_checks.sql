ALTER TABLE "students" ADD CONSTRAINT "students_coin_ck" CHECK ("students"."coin" >= 0);--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_xp_ck" CHECK ("students"."xp" >= 0);--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_level_ck" CHECK ("students"."level" >= 1);--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_level_progression_ck" CHECK ("students"."level_progression" >= 0);--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_power_xp_ck" CHECK ("students"."power_xp" >= 0);