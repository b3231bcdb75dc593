"""One file per schema version, oldest first by their ``down_revision`` links."""
