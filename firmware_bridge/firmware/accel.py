"""Accelerometer drivers (MPU-6050, LIS3DH) over I2C, returning acceleration in g.

The register arithmetic is split from the bus so it can be checked under CPython: ``decode_*``
turn raw register bytes into g. Both chips are set to +-4 g: a throw's impacts exceed 2 g, and
finer resolution buys nothing for telling twelve faces apart.
"""
MPU6050_ADDR = 0x68
LIS3DH_ADDR = 0x18


def _s16(hi, lo):
    v = (hi << 8) | lo
    return v - 65536 if v & 0x8000 else v


def decode_mpu6050(raw):
    """6 bytes from ACCEL_XOUT_H (big-endian) at +-4 g (8192 LSB/g)."""
    return (_s16(raw[0], raw[1]) / 8192.0, _s16(raw[2], raw[3]) / 8192.0,
            _s16(raw[4], raw[5]) / 8192.0)


def decode_lis3dh(raw):
    """6 bytes from OUT_X_L (little-endian, left-justified 12-bit, high-res) at +-4 g (2 mg/LSB)."""
    return tuple((_s16(raw[i + 1], raw[i]) >> 4) * 0.002 for i in (0, 2, 4))


class MPU6050:
    def __init__(self, i2c, addr=MPU6050_ADDR):
        self.i2c, self.addr = i2c, addr
        i2c.writeto_mem(addr, 0x6B, b"\x00")  # PWR_MGMT_1: wake up
        i2c.writeto_mem(addr, 0x1C, b"\x08")  # ACCEL_CONFIG: +-4 g
        i2c.writeto_mem(addr, 0x1A, b"\x03")  # CONFIG: 44 Hz low-pass, tames table vibration

    def read_g(self):
        return decode_mpu6050(self.i2c.readfrom_mem(self.addr, 0x3B, 6))


class LIS3DH:
    def __init__(self, i2c, addr=LIS3DH_ADDR):
        self.i2c, self.addr = i2c, addr
        if i2c.readfrom_mem(addr, 0x0F, 1)[0] != 0x33:
            raise OSError("no LIS3DH at 0x%02x" % addr)
        i2c.writeto_mem(addr, 0x20, b"\x57")  # CTRL_REG1: 100 Hz, x/y/z on
        i2c.writeto_mem(addr, 0x23, b"\x98")  # CTRL_REG4: block update, +-4 g, high resolution

    def read_g(self):
        return decode_lis3dh(self.i2c.readfrom_mem(self.addr, 0x28 | 0x80, 6))


def detect(i2c):
    """Whichever supported chip answers on the bus; OSError if none does."""
    found = i2c.scan()
    if MPU6050_ADDR in found:
        return MPU6050(i2c)
    if LIS3DH_ADDR in found:
        return LIS3DH(i2c)
    raise OSError("no accelerometer on I2C (found %r)" % (found,))
