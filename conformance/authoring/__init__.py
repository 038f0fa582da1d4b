"""Tools for case authors: the CR number index, the lint of spec files, and coverage of
rulings and rules by cases.
"""
