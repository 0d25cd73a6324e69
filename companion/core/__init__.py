"""The game-neutral core: inputs, questions and procedures, game modes, the session and the journal."""
