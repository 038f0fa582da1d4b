"""State-based actions (CR 704) and the rules checked with them: counters that annihilate
(704.5q, 122.3), the legend rule in both eras (704.5j), attachments (301.5, 303.4, 704.5m-n).
"""
