// Dashboard sessions are JWTs that no server list holds, so "end every other
// session" is a moment on the account: a session signed in before it is over,
// unless it is the one session named as kept (the one that changed the password).
// Sessions carry their sign-in time in whole seconds, so the cut-off compares
// whole seconds too: a session signed in during the second after a reset lives.

export function endOtherSessions(now: Date, keptSessionId: string | null) {
  return { sessionsValidFrom: now, sessionKeptId: keptSessionId };
}

