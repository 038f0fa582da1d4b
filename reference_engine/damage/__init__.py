"""Damage (CR 120) and the effects that meet it on its way: replacement and prevention
(614, 615, 616.1), infect, wither and poison (702.80, 702.90, 122.1f), what dealing damage does
besides marking it (120.3), and protection (702.16).
"""
