"""One controller per game mode: they own the session model, ask the engine worker for computer moves
and turn the model into what the table and panels show."""
