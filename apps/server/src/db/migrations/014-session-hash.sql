-- Sessions are stored by the SHA-256 of their token from now on (a copied database opens no session).
-- Rows stored before hold tokens in clear: they are ended, and their users log in again.
DELETE FROM sessions;
