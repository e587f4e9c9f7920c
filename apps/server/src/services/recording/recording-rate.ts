import type { SettingsService } from '../settings/index.js';

/**
 * What recording writes to disk each second at the current settings: the main picture, the SD copy when saved, and
 * the sound (the muxer's overhead is left out). Metrics and the disk health check turn hours into bytes with it.
 */
export function recordingBytesPerSecond(settings: Pick<SettingsService, 'typed'>): number {
  const video = settings.typed('setting_rec_video_codec');
  const sound = settings.typed('setting_rec_audio_codec');
  const sd = settings.typed('setting_advance_media_save').movie_low_enable;
  // kbit/s for the pictures, bit/s for the sound.
  return ((Number(video.main_bitrate) + (sd ? Number(video.sub_bitrate) : 0)) * 1000 + Number(sound.bitrate)) / 8;
}
