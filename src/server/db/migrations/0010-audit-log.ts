import { type Kysely, sql } from 'kysely';

/**
 * The audit log: who did what, when and from where. Append-only in the database itself:
 * the application connects as the table's owner, and an owner cannot be refused a
 * privilege, so GRANT/REVOKE cannot protect it; statement triggers refuse every UPDATE,
 * DELETE and TRUNCATE instead, even one that matches no row. They stop the application and
 * anyone using its connection; a superuser or the owner can still drop them on purpose, in a
 * migration that says so.
 *
 * No foreign key to users: a row keeps the actor's id and e-mail as they were, and a key
 * with ON DELETE SET NULL would be an UPDATE the triggers refuse, so deleting a user who
 * acted would fail. The id is the order of the rows (newest first is a backward scan of the
 * primary key); actions and actors have their own indexes for the filters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      actor_id text,
      actor_email text CHECK (length(actor_email) <= 254),
      action text NOT NULL CHECK (action ~ '^[a-z_]+\\.[a-z_]+$'),
      target_type text CHECK (length(target_type) <= 40),
      target_id text CHECK (length(target_id) <= 100),
      details jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(details) = 'object'),
      ip inet,
      user_agent text CHECK (length(user_agent) <= 300)
    );
    CREATE INDEX audit_log_action_idx ON audit_log (action, id DESC);
    CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC) WHERE actor_id IS NOT NULL;
    CREATE INDEX audit_log_at_idx ON audit_log (at);

    CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'O registro de auditoria só aceita inclusões: % não é permitido.', TG_OP
        USING ERRCODE = 'insufficient_privilege';
    END $$;

    CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
  `.execute(db);
}
