"""Edition data: one JSON file per Monopoly set (board names, deeds, fees, the two card decks)."""
