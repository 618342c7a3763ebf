-- API tokens carry the generation of their user's tokens; bumping it (sign-out, password change)
-- revokes every token issued before.
ALTER TABLE users ADD COLUMN token_generation integer NOT NULL DEFAULT 0;
