"""Continuous effects and the layer system (CR 611-613).

Effects written as data and the operations they apply (611, 613.1), timestamps and dependency
order within a layer (613.7, 613.8), object filters and conditions ("red creatures you
control", "as long as ..."), power and toughness (208, 604.3, 613.4), control-changing effects
(108.4, 613.1b), keyword families (702.1c), values an effect reads while it resolves, and the
queries about characteristics after all effects.
"""
