"""The spec as data: reading TOML case and card files safely, validating them against the JSON
Schemas, the case model, the rulings/features/eras catalog, and where the spec lives.
"""
