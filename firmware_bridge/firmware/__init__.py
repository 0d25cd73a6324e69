"""MicroPython firmware for the d12 (RP2040 + MPU-6050 or LIS3DH).

Copy ``geometry.py``, ``brain.py``, ``calibration.py``, ``runtime.py``, ``accel.py``, ``main.py``
and ``../wire.py`` to the board's flash. Everything except ``main.py`` (the hardware wiring)
imports and runs under CPython, which is how the tests drive it with accelerometer traces.
"""
