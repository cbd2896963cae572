CREATE TABLE "sso_assertions_seen" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sso_assertions_seen_expires_idx" ON "sso_assertions_seen" USING btree ("expires_at");