-- Optional two-step sign-in: where Sandi sends the sign-in code (null = off).
ALTER TABLE "merchants" ADD COLUMN "two_step_channel" TEXT;
ALTER TABLE "merchants" ADD COLUMN "two_step_destination" TEXT;
