#!/usr/bin/env python3
"""Synthesizes the game's sound effects and writes them as Ogg Vorbis files
into assets/sounds/ (the files are committed; run this again after changing
a sound). Python's standard library makes the samples; `oggenc` (Debian's
vorbis-tools) encodes them.

    python3 tools/sound/make_sounds.py

Every sound is made here from sine waves and seeded noise, so they are ours
to license with the game (see assets/CREDITS.md).
"""

import math
import os
import random
import struct
import subprocess
import sys
import tempfile
import wave

RATE = 44100
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "assets", "sounds")


def silence(seconds):
    return [0.0] * int(seconds * RATE)


def mix_into(base, sound, at=0.0, gain=1.0):
    """Adds `sound` into `base` starting `at` seconds in, growing `base` if needed."""
    start = int(at * RATE)
    if len(base) < start + len(sound):
        base.extend([0.0] * (start + len(sound) - len(base)))
    for i, v in enumerate(sound):
        base[start + i] += v * gain
    return base


def knock(seconds, pitch, brightness, seed, body=0.6):
    """A wooden knock: a short noise burst through a two-pole resonator at
    `pitch`, over a low sine thump, decaying fast."""
    rng = random.Random(seed)
    n = int(seconds * RATE)
    out = []
    # Resonator coefficients (a band-pass around `pitch`).
    r = 0.995 - 0.02 * brightness
    w = 2 * math.pi * pitch / RATE
    a1, a2 = 2 * r * math.cos(w), -r * r
    y1 = y2 = 0.0
    for i in range(n):
        t = i / RATE
        excite = rng.uniform(-1, 1) * math.exp(-t * 900)
        y = excite + a1 * y1 + a2 * y2
        y2, y1 = y1, y
        thump = math.sin(2 * math.pi * pitch * 0.25 * t) * math.exp(-t * 60) * body
        out.append(0.05 * y + thump)
    return normalize(out, 0.9)


def tone(freq, seconds, decay, harmonics=((1, 1.0), (2, 0.35), (3, 0.15), (4.2, 0.08)), attack=0.004):
    """A bell-like note: a few partials decaying exponentially."""
    n = int(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-t * decay)
        v = sum(a * math.sin(2 * math.pi * freq * k * t) * math.exp(-t * decay * (k - 1) * 0.5)
                for k, a in harmonics)
        out.append(v * env)
    return out


def whoosh(seconds, seed):
    """Breath: noise swept down through a low-pass, swelling then fading."""
    rng = random.Random(seed)
    n = int(seconds * RATE)
    out = []
    lp = 0.0
    for i in range(n):
        t = i / n
        cutoff = 0.25 * (1 - t) + 0.02
        lp += cutoff * (rng.uniform(-1, 1) - lp)
        env = math.sin(math.pi * min(1.0, t * 1.3)) ** 1.5
        out.append(lp * env)
    return normalize(out, 0.7)


def buzz(freq, seconds):
    """A dull refusal blip: a soft square-ish wave with a quick fade."""
    n = int(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        v = math.tanh(3 * math.sin(2 * math.pi * freq * t)) * 0.5
        env = min(1.0, t / 0.005) * math.exp(-t * 18)
        out.append(v * env)
    return out


def normalize(samples, peak):
    top = max(1e-9, max(abs(v) for v in samples))
    return [v * peak / top for v in samples]


def fade_out(samples, seconds=0.02):
    n = min(len(samples), int(seconds * RATE))
    for i in range(n):
        samples[len(samples) - n + i] *= 1 - i / n
    return samples


def sounds():
    yield "step", knock(0.12, 820, 0.4, seed=1, body=0.35)
    yield "place", knock(0.18, 520, 0.2, seed=2, body=0.8)
    capture = knock(0.1, 1500, 0.9, seed=3, body=0.2)
    mix_into(capture, tone(1320, 0.22, 22, harmonics=((1, 1.0), (2.7, 0.3))), at=0.02, gain=0.35)
    yield "capture", normalize(capture, 0.9)
    huff = whoosh(0.55, seed=4)
    mix_into(huff, tone(180, 0.5, 7, harmonics=((1, 1.0), (2, 0.2))), at=0.05, gain=0.25)
    yield "huff", normalize(huff, 0.8)
    illegal = silence(0.0)
    mix_into(illegal, buzz(150, 0.12), at=0.0)
    mix_into(illegal, buzz(120, 0.14), at=0.13)
    yield "illegal", normalize(illegal, 0.6)
    win = silence(0.0)
    for k, (note, at) in enumerate([(523.25, 0.0), (659.25, 0.12), (783.99, 0.24), (1046.5, 0.38)]):
        mix_into(win, tone(note, 1.2 - at, 3.5 + k), at=at, gain=0.8 if k < 3 else 1.0)
    yield "win", normalize(win, 0.8)
    loss = silence(0.0)
    for note, at in [(392.0, 0.0), (311.13, 0.22), (261.63, 0.46)]:
        mix_into(loss, tone(note, 1.1, 3.0, harmonics=((1, 1.0), (2, 0.2))), at=at, gain=0.8)
    yield "loss", normalize(loss, 0.7)


def write_wav(path, samples):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, v)) * 32767)) for v in samples))


def main():
    if subprocess.run(["which", "oggenc"], capture_output=True).returncode != 0:
        sys.exit("oggenc is missing: apt-get install vorbis-tools")
    os.makedirs(OUT, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, samples in sounds():
            wav = os.path.join(tmp, name + ".wav")
            write_wav(wav, fade_out(samples))
            ogg = os.path.join(OUT, name + ".ogg")
            subprocess.run(["oggenc", "-Q", "-q", "4", "-o", ogg, wav], check=True)
            print(f"{ogg}: {len(samples) / RATE:.2f} s, {os.path.getsize(ogg)} bytes")


if __name__ == "__main__":
    main()
