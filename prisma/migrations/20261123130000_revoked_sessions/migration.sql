-- Dashboard sessions are next-auth JWTs, which stay valid until they expire; a
-- signed-out session's id is kept here until then, so its cookie no longer works.

-- CreateTable
CREATE TABLE "revoked_sessions" (
    "session_id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "revoked_sessions_pkey" PRIMARY KEY ("session_id")
);

-- CreateIndex
CREATE INDEX "revoked_sessions_expires_at_idx" ON "revoked_sessions"("expires_at");
