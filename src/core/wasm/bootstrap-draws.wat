;; The bootstraps' draw loops (src/core/stats/bootstrap-draws.ts lays out the inputs in memory and
;; reads the outputs). Every draw is mulberry32 on the running $state (state += 0x6d2b79f5, then
;; its output u), the index floor(u · n / 2³²) taken as the high word of the 64-bit product u · n,
;; and the drawn values added in draw order: four draws' indices are computed at once with SIMD
;; (mulberry32's output depends only on its counter), the additions stay one at a time.
;; Callers guarantee n ≤ 2²¹, where u · n < 2⁵³ and JavaScript's (u · (n · 2⁻³²)) | 0 is exact, so
;; both give the same index.
(module
  (memory (export "memory") 1)
  (global $state (export "state") (mut i32) (i32.const 0))
  ;; The finite flags counted by the last $draws with a flag array.
  (global $finite (mut i32) (i32.const 0))

  ;; mulberry32's output for four counters.
  (func $u4 (param $s v128) (result v128)
    (local $t v128)
    (local.set $t (i32x4.mul (v128.xor (local.get $s) (i32x4.shr_u (local.get $s) (i32.const 15))) (v128.or (local.get $s) (i32x4.splat (i32.const 1)))))
    (local.set $t (v128.xor (local.get $t) (i32x4.add (local.get $t) (i32x4.mul (v128.xor (local.get $t) (i32x4.shr_u (local.get $t) (i32.const 7))) (v128.or (local.get $t) (i32x4.splat (i32.const 61)))))))
    (v128.xor (local.get $t) (i32x4.shr_u (local.get $t) (i32.const 14))))

  ;; Four indices: the high words of u · n.
  (func $index4 (param $u v128) (param $nv v128) (result v128)
    (i8x16.shuffle 4 5 6 7 12 13 14 15 20 21 22 23 28 29 30 31
      (i64x2.extmul_low_i32x4_u (local.get $u) (local.get $nv))
      (i64x2.extmul_high_i32x4_u (local.get $u) (local.get $nv))))

  ;; The next draw's index in [0, n), one at a time.
  (func $index1 (param $n i32) (result i32)
    (local $t i32)
    (global.set $state (i32.add (global.get $state) (i32.const 0x6d2b79f5)))
    (local.set $t (global.get $state))
    (local.set $t (i32.mul (i32.xor (local.get $t) (i32.shr_u (local.get $t) (i32.const 15))) (i32.or (local.get $t) (i32.const 1))))
    (local.set $t (i32.xor (local.get $t) (i32.add (local.get $t) (i32.mul (i32.xor (local.get $t) (i32.shr_u (local.get $t) (i32.const 7))) (i32.or (local.get $t) (i32.const 61))))))
    (local.set $t (i32.xor (local.get $t) (i32.shr_u (local.get $t) (i32.const 14))))
    (i32.wrap_i64 (i64.shr_u (i64.mul (i64.extend_i32_u (local.get $t)) (i64.extend_i32_u (local.get $n))) (i64.const 32))))

  ;; The sum of n draws from the n f64 values at $vals; with $fin ≠ 0 also counts the drawn bytes
  ;; of the 0/1 flags at $fin into $finite.
  (func $draws (param $vals i32) (param $fin i32) (param $n i32) (result f64)
    (local $s f64) (local $f i32) (local $st v128) (local $nv v128) (local $i v128) (local $o v128) (local $j i32) (local $k i32)
    (local.set $nv (i32x4.splat (local.get $n)))
    (local.set $st (i32x4.add (i32x4.splat (global.get $state)) (v128.const i32x4 0x6d2b79f5 0xda56f3ea 0x47826ddf 0xb4ade7d4)))
    (block $tail
      (loop $step
        (br_if $tail (i32.gt_u (i32.add (local.get $j) (i32.const 4)) (local.get $n)))
        (local.set $i (call $index4 (call $u4 (local.get $st)) (local.get $nv)))
        (local.set $o (i32x4.add (i32x4.shl (local.get $i) (i32.const 3)) (i32x4.splat (local.get $vals))))
        (local.set $s (f64.add (local.get $s) (f64.load (i32x4.extract_lane 0 (local.get $o)))))
        (local.set $s (f64.add (local.get $s) (f64.load (i32x4.extract_lane 1 (local.get $o)))))
        (local.set $s (f64.add (local.get $s) (f64.load (i32x4.extract_lane 2 (local.get $o)))))
        (local.set $s (f64.add (local.get $s) (f64.load (i32x4.extract_lane 3 (local.get $o)))))
        (if (local.get $fin)
          (then
            (local.set $o (i32x4.add (local.get $i) (i32x4.splat (local.get $fin))))
            (local.set $f (i32.add (local.get $f)
              (i32.add
                (i32.add (i32.load8_u (i32x4.extract_lane 0 (local.get $o))) (i32.load8_u (i32x4.extract_lane 1 (local.get $o))))
                (i32.add (i32.load8_u (i32x4.extract_lane 2 (local.get $o))) (i32.load8_u (i32x4.extract_lane 3 (local.get $o)))))))))
        (local.set $st (i32x4.add (local.get $st) (i32x4.splat (i32.const 0xb4ade7d4))))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $step)))
    ;; The last counter used is one step before lane 0's.
    (global.set $state (i32.sub (i32x4.extract_lane 0 (local.get $st)) (i32.const 0x6d2b79f5)))
    (block $done
      (loop $one
        (br_if $done (i32.ge_u (local.get $j) (local.get $n)))
        (local.set $k (call $index1 (local.get $n)))
        (local.set $s (f64.add (local.get $s) (f64.load (i32.add (local.get $vals) (i32.shl (local.get $k) (i32.const 3))))))
        (if (local.get $fin)
          (then (local.set $f (i32.add (local.get $f) (i32.load8_u (i32.add (local.get $fin) (local.get $k)))))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $one)))
    (global.set $finite (local.get $f))
    (local.get $s))

  ;; B replicates over k groups; the table holds each group's [values, flags (0: all finite), n] as
  ;; i32s. Replicate r's group g: its sum at outSum[r·k + g] (f64), its finite count at outFin[r·k + g] (i32).
  (func (export "stratified") (param $table i32) (param $k i32) (param $B i32) (param $outSum i32) (param $outFin i32)
    (local $r i32) (local $g i32) (local $e i32) (local $fin i32) (local $n i32)
    (block $end
      (loop $rep
        (br_if $end (i32.ge_u (local.get $r) (local.get $B)))
        (local.set $g (i32.const 0))
        (block $next
          (loop $group
            (br_if $next (i32.ge_u (local.get $g) (local.get $k)))
            (local.set $e (i32.add (local.get $table) (i32.mul (local.get $g) (i32.const 12))))
            (local.set $fin (i32.load offset=4 (local.get $e)))
            (local.set $n (i32.load offset=8 (local.get $e)))
            (f64.store (local.get $outSum) (call $draws (i32.load (local.get $e)) (local.get $fin) (local.get $n)))
            (i32.store (local.get $outFin) (select (global.get $finite) (local.get $n) (local.get $fin)))
            (local.set $outSum (i32.add (local.get $outSum) (i32.const 8)))
            (local.set $outFin (i32.add (local.get $outFin) (i32.const 4)))
            (local.set $g (i32.add (local.get $g) (i32.const 1)))
            (br $group)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rep))))

  ;; B replicates of the mean of the n values at $vals: out[r] (f64).
  (func (export "mean") (param $vals i32) (param $n i32) (param $B i32) (param $out i32)
    (local $r i32)
    (block $end
      (loop $rep
        (br_if $end (i32.ge_u (local.get $r) (local.get $B)))
        (f64.store (local.get $out) (f64.div (call $draws (local.get $vals) (i32.const 0) (local.get $n)) (f64.convert_i32_u (local.get $n))))
        (local.set $out (i32.add (local.get $out) (i32.const 8)))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rep))))

  ;; One drawn sample of a cross-stratified replicate: its group's count, sum and finite count.
  (func $cross1 (param $k i32) (param $vals i32) (param $grp i32) (param $fin i32) (param $sum i32) (param $cnt i32) (param $fc i32)
    (local $g i32)
    (local.set $g (i32.shl (i32.load (i32.add (local.get $grp) (i32.shl (local.get $k) (i32.const 2)))) (i32.const 2)))
    (i32.store (i32.add (local.get $cnt) (local.get $g)) (i32.add (i32.load (i32.add (local.get $cnt) (local.get $g))) (i32.const 1)))
    (f64.store (i32.add (local.get $sum) (i32.shl (local.get $g) (i32.const 1)))
      (f64.add (f64.load (i32.add (local.get $sum) (i32.shl (local.get $g) (i32.const 1))))
               (f64.load (i32.add (local.get $vals) (i32.shl (local.get $k) (i32.const 3))))))
    (i32.store (i32.add (local.get $fc) (local.get $g))
      (i32.add (i32.load (i32.add (local.get $fc) (local.get $g)))
               (if (result i32) (local.get $fin) (then (i32.load8_u (i32.add (local.get $fin) (local.get $k)))) (else (i32.const 1))))))

  ;; B replicates of a cross-stratified bootstrap over G statistic groups; the table holds each
  ;; stratum's [values, groups (i32 each), flags (0: all finite), n] as i32s. Replicate r's group g:
  ;; its sum at outSum[r·G + g] (f64), its count at outN[r·G + g] and finite count at outFin[r·G + g] (i32).
  (func (export "cross") (param $table i32) (param $m i32) (param $G i32) (param $B i32) (param $outSum i32) (param $outN i32) (param $outFin i32)
    (local $r i32) (local $s i32) (local $e i32) (local $vals i32) (local $grp i32) (local $fin i32) (local $n i32) (local $j i32)
    (local $st v128) (local $nv v128) (local $i v128)
    (block $end
      (loop $rep
        (br_if $end (i32.ge_u (local.get $r) (local.get $B)))
        (memory.fill (local.get $outSum) (i32.const 0) (i32.shl (local.get $G) (i32.const 3)))
        (memory.fill (local.get $outN) (i32.const 0) (i32.shl (local.get $G) (i32.const 2)))
        (memory.fill (local.get $outFin) (i32.const 0) (i32.shl (local.get $G) (i32.const 2)))
        (local.set $s (i32.const 0))
        (block $next
          (loop $stratum
            (br_if $next (i32.ge_u (local.get $s) (local.get $m)))
            (local.set $e (i32.add (local.get $table) (i32.shl (local.get $s) (i32.const 4))))
            (local.set $vals (i32.load (local.get $e)))
            (local.set $grp (i32.load offset=4 (local.get $e)))
            (local.set $fin (i32.load offset=8 (local.get $e)))
            (local.set $n (i32.load offset=12 (local.get $e)))
            (local.set $nv (i32x4.splat (local.get $n)))
            (local.set $st (i32x4.add (i32x4.splat (global.get $state)) (v128.const i32x4 0x6d2b79f5 0xda56f3ea 0x47826ddf 0xb4ade7d4)))
            (local.set $j (i32.const 0))
            (block $tail
              (loop $step
                (br_if $tail (i32.gt_u (i32.add (local.get $j) (i32.const 4)) (local.get $n)))
                (local.set $i (call $index4 (call $u4 (local.get $st)) (local.get $nv)))
                (call $cross1 (i32x4.extract_lane 0 (local.get $i)) (local.get $vals) (local.get $grp) (local.get $fin) (local.get $outSum) (local.get $outN) (local.get $outFin))
                (call $cross1 (i32x4.extract_lane 1 (local.get $i)) (local.get $vals) (local.get $grp) (local.get $fin) (local.get $outSum) (local.get $outN) (local.get $outFin))
                (call $cross1 (i32x4.extract_lane 2 (local.get $i)) (local.get $vals) (local.get $grp) (local.get $fin) (local.get $outSum) (local.get $outN) (local.get $outFin))
                (call $cross1 (i32x4.extract_lane 3 (local.get $i)) (local.get $vals) (local.get $grp) (local.get $fin) (local.get $outSum) (local.get $outN) (local.get $outFin))
                (local.set $st (i32x4.add (local.get $st) (i32x4.splat (i32.const 0xb4ade7d4))))
                (local.set $j (i32.add (local.get $j) (i32.const 4)))
                (br $step)))
            (global.set $state (i32.sub (i32x4.extract_lane 0 (local.get $st)) (i32.const 0x6d2b79f5)))
            (block $done
              (loop $one
                (br_if $done (i32.ge_u (local.get $j) (local.get $n)))
                (call $cross1 (call $index1 (local.get $n)) (local.get $vals) (local.get $grp) (local.get $fin) (local.get $outSum) (local.get $outN) (local.get $outFin))
                (local.set $j (i32.add (local.get $j) (i32.const 1)))
                (br $one)))
            (local.set $s (i32.add (local.get $s) (i32.const 1)))
            (br $stratum)))
        (local.set $outSum (i32.add (local.get $outSum) (i32.shl (local.get $G) (i32.const 3))))
        (local.set $outN (i32.add (local.get $outN) (i32.shl (local.get $G) (i32.const 2))))
        (local.set $outFin (i32.add (local.get $outFin) (i32.shl (local.get $G) (i32.const 2))))
        (local.set $r (i32.add (local.get $r) (i32.const 1)))
        (br $rep)))))
