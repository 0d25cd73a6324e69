"""The rules engine and game state of the Ankh-Morpork table companion.

Pure Python (standard library only; ``sqlite3`` in the journal module alone): state in, inputs in,
new state and questions out. Nothing here knows about Kivy, serial ports, GPIO or cameras.
"""
