import { LANDMARK, type ImageLandmark } from '../../domain/pose-track';
import { addressClubZone } from './club-zone';

/** A golfer at address in a 400 x 300 picture: torso 60 pixels, hands low, feet apart. */
function golferAtAddress(): ImageLandmark[] {
  const point = (x: number, y: number): ImageLandmark => ({
    x,
    y,
    z: 0,
    visibility: 1,
    presence: 1,
  });
  const landmarks = Array.from({ length: 33 }, () => point(200, 150));
  landmarks[LANDMARK.leftShoulder] = point(190, 100);
  landmarks[LANDMARK.rightShoulder] = point(210, 100);
  landmarks[LANDMARK.leftHip] = point(190, 160);
  landmarks[LANDMARK.rightHip] = point(210, 160);
  landmarks[LANDMARK.leftWrist] = point(198, 190);
  landmarks[LANDMARK.rightWrist] = point(202, 192);
  landmarks[LANDMARK.leftAnkle] = point(180, 260);
  landmarks[LANDMARK.rightAnkle] = point(225, 262);
  return landmarks;
}

describe("the club's zone at address", () => {
  it('reaches from above the hands to below the feet, a torso either side', () => {
    const zone = addressClubZone(golferAtAddress(), 400, 300)!;
    expect(zone.left).toBeCloseTo((180 - 60) / 400);
    expect(zone.right).toBeCloseTo((225 + 60) / 400);
    expect(zone.top).toBeCloseTo((190 - 18) / 300);
    expect(zone.bottom).toBeCloseTo((262 + 24) / 300);
  });

  it('is not placed without a pose or a torso to measure by', () => {
    expect(addressClubZone(null, 400, 300)).toBeNull();
    const collapsed = golferAtAddress();
    collapsed[LANDMARK.leftHip] = collapsed[LANDMARK.leftShoulder]!;
    collapsed[LANDMARK.rightHip] = collapsed[LANDMARK.rightShoulder]!;
    expect(addressClubZone(collapsed, 400, 300)).toBeNull();
  });
});
