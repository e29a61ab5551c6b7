// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4.7944439968328778, -4.8439297987671521, 2.9072346018188955], [-1.0646865609029446, 2.3762404753501372, -1.5624795642140703]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[1.7880001386319573, 2.2667123744831823, 2.7140864267532554], [-7.0767508108557022, 0.6574393995013319, -2.9491545297030952]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.multiply"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-8.572466531000341, -10.979795615993336, 7.8904859721840692], [7.5345214831770821, 1.5622341111849536, 4.6079936843704434]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
