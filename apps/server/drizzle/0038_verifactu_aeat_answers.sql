ALTER TABLE "verifactu_records" DROP CONSTRAINT "verifactu_records_invoice_id_unique";--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD COLUMN "kind" text DEFAULT 'alta' NOT NULL;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD COLUMN "aeat_status" text;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD COLUMN "aeat_error_code" text;--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD COLUMN "submission_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_invoice_kind_uq" ON "verifactu_records" USING btree ("invoice_id","kind");--> statement-breakpoint
CREATE INDEX "verifactu_records_aeat_status_idx" ON "verifactu_records" USING btree ("aeat_status","id") WHERE aeat_status in ('Incorrecto', 'AceptadoConErrores');