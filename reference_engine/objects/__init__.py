"""Objects made, copied, renamed and moved: tokens (CR 111), copy effects and copiable
values (707), entering the battlefield and its replacement effects (614.12, 614.1c-d), names
and choosing a card name (201, 123.6), double-faced objects transforming (712, 701.27), piles
(700.3).
"""
