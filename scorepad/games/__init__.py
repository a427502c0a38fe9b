"""The game families: one module each; the shared parts in base, kontra and augen."""
