-- Who changed the platform's vendor routes, and how (otpctl route add|update|disable|enable;
-- docs/routing.md). Routes belong to no merchant, so their changes are not in audit_log,
-- which each merchant's owners read. Expand only: a new table the previous release never
-- touches. Append-only like audit_log, and small (a row per operator change), so no
-- retention job touches it.
CREATE TABLE "route_changes" (
    "id" BIGSERIAL NOT NULL,
    -- The operator: SANDI_OPERATOR, else the OS user and host otpctl ran as.
    "actor" TEXT NOT NULL,
    -- route.add, route.update, route.disable, route.enable
    "action" TEXT NOT NULL,
    -- The route's name.
    "route" TEXT NOT NULL,
    -- The route's settings before and after (changed fields only on an update); never a secret's value.
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "route_changes_pkey" PRIMARY KEY ("id")
);

CREATE FUNCTION "route_changes_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'route_changes is append-only';
END;
$$;
CREATE TRIGGER "route_changes_no_update_or_delete" BEFORE UPDATE OR DELETE ON "route_changes"
  FOR EACH ROW EXECUTE FUNCTION "route_changes_append_only"();
