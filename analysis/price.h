/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The price of one idle period, in nJ, wherever the analysis puts one:
 * the state's power from the idle entry to the wake-up event, then the
 * state's exit latency at its exit power.  The sim driver charges the
 * entered state exactly so (sim-driver/MODEL.md); the replay, the rules,
 * the oracle, the stuck-time and domain views and board mode price the
 * states that were not entered the same way.  Power in uW, time in ns.
 */
#ifndef IDLESIM_PRICE_H
#define IDLESIM_PRICE_H

/* the exit alone: @exit_ns at @exit_uw */
static inline double price_exit_nj(double exit_uw, double exit_ns)
{
	return exit_uw * exit_ns / 1e6;
}

/* @wait_ns in the state at @power_uw, then its exit */
static inline double price_nj(double power_uw, double wait_ns, double exit_uw, double exit_ns)
{
	return (power_uw * wait_ns + exit_uw * exit_ns) / 1e6;
}

#endif /* IDLESIM_PRICE_H */
