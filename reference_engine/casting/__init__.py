"""Casting spells and activating abilities (CR 601, 602): the proposal, modes, targets
(115, 601.2c), total cost (601.2f, 118), permissions to cast from other zones and alternative
costs (601.3, 702.34), the casting queries, and the resolution effects of the casting area.
"""
