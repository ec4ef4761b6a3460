# cfg-paths.mg: in a function body with branches, a write whose block cannot reach the read's block does not conflict with the read.
#
# In unstructured control flow (cf.br, cf.cond_br) MLIR orders a read
# before a write only when the read's block dominates the write's. A read
# in one arm of a cf.cond_br and a write in the other arm are ordered
# neither way, so the write gets a copy, although no execution runs the
# write and then the read. This file excuses such a pair (extra_excuse,
# which the conflict rule of inplace.mg consults) by looking at the paths
# of the control-flow graph.
#
# Precisely: let the read op R and the write op W sit directly in blocks
# RB != WB of the body of a func.func. The pair is excused when no path of
# one or more successor edges leads from WB to RB (cfg_reaches). Paths
# through loop back edges count like any other, so a write in a loop body
# and a read in the loop header are never excused.
#
# Why it is safe: within one call, once W has run, control never gets to
# RB, so R never runs after W. A later call gets its arguments anew from
# its caller, which knows from the callee's summary which arguments the
# callee writes; everything else the function reads is defined in that
# call. Nothing else is excused: reads and writes nested in ops of a
# block, and regions of several blocks inside other ops
# (scf.execute_region, which a loop may run again), are left to MLIR's
# rules.
#
# What it does not do: excuse a write whose paths to the read all pass a
# redefinition of what the read reads. That would be sound only if every
# other pair were checked soundly, and MLIR's rules are not in such code:
# they excuse any write outside the block of a block argument that a read
# depends on (inplace_excuse.mg: excused_by_definition), even a write on the way
# from the function's entry to the read.
#
# Use: bufferlog bufferize --rules alt:cfg-paths FILE

Decl cfg_branch_pair(ROp, WOp, RB, WB)
  descr [doc("A candidate conflict between a read in ROp, directly in block RB of a function body, and a write in WOp, directly in another block WB of that body."),
         arg(ROp, "op id"), arg(WOp, "op id"), arg(RB, "block id"), arg(WB, "block id")]
  bound [/number, /number, /number, /number].

Decl cfg_reaches(From, To)
  descr [doc("Some path of one or more successor edges leads from block From to block To, where From is the block of the write of a cfg_branch_pair."),
         arg(From, "block id"), arg(To, "block id")]
  bound [/number, /number].

# The pairs branch_candidate of inplace_order.mg finds in regions of several
# blocks, kept when the region is a function's body.
cfg_branch_pair(ROp, WOp, RB, WB) :-
  branch_candidate(ROp, WOp, _, RB, WB, _), RB != WB,
  block_in_region(RB, G, _), region_of(G, F, _), func(F, _).

# Reachability from the write's block, along cf.br and cf.cond_br edges.
cfg_reaches(WB, S) :- cfg_branch_pair(_, _, _, WB), block_succ(WB, S).
cfg_reaches(WB, S) :- cfg_reaches(WB, B), block_succ(B, S).

# The arms of a cf.cond_br, or a write after the last block that reads:
# control never gets from the write back to the read.
extra_excuse(ROp, RI, WOp, WI, D) :-
  candidate_definition(ROp, RI, WOp, WI, D), cfg_branch_pair(ROp, WOp, RB, WB), !cfg_reaches(WB, RB).
