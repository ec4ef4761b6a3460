# cfg-paths.mg: in a region of several blocks, a write whose block cannot reach the read's block without passing a redefinition does not conflict with the read.
#
# In unstructured control flow (cf.br, cf.cond_br) MLIR orders a read
# before a write only when the read's block dominates the write's. A read
# in one arm of a cf.cond_br and a write in the other arm are ordered
# neither way, so the write gets a copy, although no execution runs the
# write and then the read. This file excuses the pair (extra_excuse,
# which the conflict rule of inplace.mg consults) by looking at the paths
# of the control-flow graph.
#
# Precisely: let the read op R and the write op W sit directly in blocks
# RB != WB of one region G, and let D, the definition the read depends
# on, be defined in block DB of G. The pair is excused for D when
#   (1) no path of successor edges leads from WB to RB without passing
#       through DB on the way (reaches_avoiding(WB, DB, RB) of inplace.mg
#       does not hold; the path may end at DB only if DB is RB), or
#   (2) DB is RB, D is an op result defined before R in RB.
#
# Why it is safe: blocks run from their first op to their terminator. For
# W to change what R reads from D, some execution must run D, then W,
# then R with no run of D in between. From W's run, control reaches RB
# through blocks other than W's: if all such paths pass DB, D runs again
# after W (1); if they end in DB = RB, D runs before R in that block (2).
# Runs of G from an earlier execution of its parent op (a loop, a second
# call) do not matter: D is in G and dominates R (R reads what D
# defines), so each run of G runs D before R. Reads and writes inside
# nested ops of a block are left to MLIR's rules.
#
# Use: bufferlog bufferize --rules alt:cfg-paths FILE

Decl cfg_branch_pair(ROp, RI, WOp, WI, D, RB, WB, DB)
  descr [doc("A candidate conflict of read RI of ROp in block RB and write WI of WOp in another block WB of one region, with definition D of the read in block DB of that region."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number"), arg(D, "value id"),
         arg(RB, "block id"), arg(WB, "block id"), arg(DB, "block id")]
  bound [/number, /number, /number, /number, /number, /number, /number, /number].

# The pairs branch_candidate of inplace.mg finds in regions of several
# blocks (function bodies with cf branches, scf.execute_region), with the
# definition in the same region.
cfg_branch_pair(ROp, RI, WOp, WI, D, RB, WB, DB) :-
  candidate_definition(ROp, RI, WOp, WI, D), branch_candidate(ROp, WOp, D, RB, WB, DB), RB != WB,
  block_in_region(RB, G, _), block_in_region(DB, G, _).

# (1) The write's block reaches the read's only through the definition's:
# the arms of a cf.cond_br, or a write after the loop a read is in.
extra_excuse(ROp, RI, WOp, WI, D) :-
  cfg_branch_pair(ROp, RI, WOp, WI, D, RB, WB, DB), !reaches_avoiding(WB, DB, RB).

# (2) The read's block defines D before the read: whatever path comes
# from the write, entering the block redefines D.
extra_excuse(ROp, RI, WOp, WI, D) :-
  cfg_branch_pair(ROp, RI, WOp, WI, D, RB, _, RB),
  result(D, DOp, _), op_in_block(DOp, RB, PD), op_in_block(ROp, RB, PR), PD < PR.
