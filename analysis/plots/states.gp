# SPDX-License-Identifier: GPL-2.0
# One colour per idle state index, shared by every plot (load "states.gp"):
# state i is drawn in state_rgb[i + 1] (an integer 0xRRGGBB, for
# "lc rgb variable") or state_colour(i) (a string, for "lc rgb").  The
# shallow states are light, the deep ones dark; eight, as the traced
# tables hold.  And the energy parts' colours, alike everywhere.
array state_rgb[8] = [0xdddddd, 0x88ccee, 0x44aa99, 0x117733, 0x332288, 0xddcc77, 0xcc6677, 0xaa4499]
state_colour(i) = sprintf("#%06x", state_rgb[i + 1])
colour_residency = "#4477aa"
colour_transition = "#ee6677"
colour_active = "#ccbb44"
colour_oracle = "#222222"
